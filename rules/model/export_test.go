package model

// CallsEPP exposes what the model builder noted of f to the tests.
func CallsEPP(f *File) bool { return f.callsEPP }

// Lookups exposes the count of assignments and nodes the variable lookups
// looked at.
func (s *Static) Lookups() int64 { return s.lookups.Load() }
