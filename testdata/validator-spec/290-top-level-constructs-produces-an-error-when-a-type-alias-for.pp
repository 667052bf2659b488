define y{ type C = Hash[String[1],Integer] }
