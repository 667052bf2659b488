apply("foo.example.com") { sometype { "resourcetitle": apply => "applyvalue" } }
