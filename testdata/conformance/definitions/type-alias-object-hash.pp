type Mymod::Point = {
  attributes => {
    x => Integer,
  },
}
