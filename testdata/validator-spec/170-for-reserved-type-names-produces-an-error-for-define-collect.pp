define collection {}
