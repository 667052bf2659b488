package model

// CallsEPP exposes what the model builder noted of f to the tests.
func CallsEPP(f *File) bool { return f.callsEPP }
