$x = @(END)
  ${not interpolated}
  END
