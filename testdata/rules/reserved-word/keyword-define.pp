define if() {} # want "'if' is a reserved word [(]a language keyword[)] and cannot be the name of a defined type Puppet's parser rejects the file: .Syntax error at 'if'."
