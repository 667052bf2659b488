# A name that Puppet cannot lex: the rest of the file is not read, but the
# name is still reported.
class 1foo { # want "class or defined type found beginning with a digit"
  $x = 1
}
