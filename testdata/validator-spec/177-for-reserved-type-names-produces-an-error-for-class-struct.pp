class struct {}
