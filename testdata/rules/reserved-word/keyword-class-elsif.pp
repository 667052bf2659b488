class elsif {} # want "'elsif' is a reserved word .* cannot be the name of a class Puppet's parser rejects the file"
