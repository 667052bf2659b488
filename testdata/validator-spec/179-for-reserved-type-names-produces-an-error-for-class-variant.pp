class variant {}
