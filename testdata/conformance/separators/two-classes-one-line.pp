class a { } class b { }
