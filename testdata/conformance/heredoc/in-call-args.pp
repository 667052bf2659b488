notice(@(END), 'x')
text
END
