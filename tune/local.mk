# make tune: threshold tuning program.
