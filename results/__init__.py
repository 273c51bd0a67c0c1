"""Committed results (arena runs, benchmarks, the class tournament), read by the lessons.

This folder is installed as the package data ``shengji_edu.results`` (see ``pyproject.toml``),
so ``shengji_edu.course.result_path(name)`` finds a lesson's figures wherever the package is
installed: a clone, ``pip install "git+…"``, or Colab. ``results/README.md`` says which command
regenerates each file.
"""
