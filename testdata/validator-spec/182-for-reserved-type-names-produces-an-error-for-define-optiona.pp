define optional {}
