define sensitive {}
