package engine

// Counts are what making a snapshot read, parsed and reused.
type Counts = counts

// Updated returns what making s did.
func Updated(s *Snapshot) Counts { return s.updated }
