          function f() >> Integer { 42 }
