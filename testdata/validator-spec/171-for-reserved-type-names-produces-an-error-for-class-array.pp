class array {}
