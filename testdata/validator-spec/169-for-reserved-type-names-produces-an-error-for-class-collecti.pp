class collection {}
