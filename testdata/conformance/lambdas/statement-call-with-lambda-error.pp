each $x |$y| { notice($y) }
