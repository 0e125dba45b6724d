"""A tap answered within one frame: pages laid out ahead, rows reused, work done after the answer, slow answers in a worker process."""
