class sensitive {}
