class ntp {
	$a = 1 # want "tab character found"
  $b = 2	# want "tab character found"
  $c = "	" # a tab in a string
  # a	tab in a comment
  $h = @(END)
	tab in heredoc text
    | END
}
