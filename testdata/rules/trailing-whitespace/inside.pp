# Trailing blanks inside comments, strings and heredocs are theirs, not flagged;
# a finding cannot carry a want comment, see rules/style/style_test.go.   
class ntp {
  $s = "two   
  lines"
  $h = @(END)
    text   
    | END
}
