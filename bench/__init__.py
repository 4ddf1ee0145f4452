"""Benchmarks: ``make bench`` prints one JSON object per line (name, value, unit)."""
