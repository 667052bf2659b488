class optional {}
