class timestamp {}
