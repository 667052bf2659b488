 $a = 10; undef
