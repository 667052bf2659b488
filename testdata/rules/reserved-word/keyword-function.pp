function unless() {} # want "'unless' is a reserved word .* name of a function Puppet's parser rejects the file: .Syntax error at 'unless'."
