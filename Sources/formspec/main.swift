print("formspec")
