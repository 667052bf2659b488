define timestamp {}
