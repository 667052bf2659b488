class bbb() {}
