type A { type C = Hash[String[1],Integer] }
