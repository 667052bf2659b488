# Arrows.
class arrows {
  package { 'a': } -> # want "arrow should be on the right operand's line"
  service { 'a': }

  package { 'b': }
  -> service { 'b': }

  file { 'c': } ~>  # a comment # want "arrow should be on the right operand's line"
  service { 'c': }

  file { 'd': } -> service { 'd': }
}
