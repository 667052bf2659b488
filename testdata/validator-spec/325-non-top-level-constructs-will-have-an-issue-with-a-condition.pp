if true {42}
