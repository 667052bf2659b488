define boolean {}
