define unit {}
