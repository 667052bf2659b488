define variant {}
