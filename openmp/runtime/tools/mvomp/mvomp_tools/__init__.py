"""MVOMP's file tools: readers of stats.csv, trace.csv and OMP_ERASE_STATS, their analysis,
plots and conversion (the `mvomp` command, docs/tools.md)."""
