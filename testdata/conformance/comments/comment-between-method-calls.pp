$x = [1]
  # keep
  .map |$v| { $v }
