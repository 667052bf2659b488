$x = with(1, 2) |String *$rest| { $rest }
