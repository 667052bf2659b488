class typeset {}
