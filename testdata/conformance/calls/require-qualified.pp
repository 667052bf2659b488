require ::a::b
