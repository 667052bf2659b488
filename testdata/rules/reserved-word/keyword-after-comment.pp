# The name may follow its keyword after a comment or a line break.
class /* the name: */
  if {} # want "'if' is a reserved word .* cannot be the name of a class"
