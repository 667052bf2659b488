define struct {}
