          function f(Integer $a) { $a }
