apply(["foo.example.com"], { "other" => "args" }) { }
