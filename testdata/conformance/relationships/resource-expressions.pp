package { 'x': } -> service { 'x': }
