/* pybind11 as a PyTorch extension's binding code uses it, for rocport's analysis (not
 * for compiling): stands in for the pybind11/ headers a tree does not carry. Only what
 * a module definition needs to parse: a module whose def() takes anything, classes,
 * named arguments. The binding code itself is never what a rule asks about; this keeps
 * clang's errors out of it. */
#pragma once
namespace pybind11 {
class handle {
 public:
  handle() = default;
};
class object : public handle {};
class dict : public object {};
class list : public object {};
class tuple : public object {};
class none : public object {};
class gil_scoped_release {};
class gil_scoped_acquire {};
template <class... Guards> struct call_guard {};
class str : public object {
 public:
  str(const char *text);
};
struct arg_v;
struct arg {
  explicit arg(const char *name);
  template <class T> arg_v operator=(T &&value) const;
  arg &noconvert(bool flag = true);
  arg &none(bool flag = true);
};
struct arg_v : arg {};
template <class... Args> struct __rocport_init {};
template <class... Args> __rocport_init<Args...> init();
enum class return_value_policy { automatic, automatic_reference, take_ownership, copy, move,
                                 reference, reference_internal };
class module_ : public object {
 public:
  template <class Function, class... Extra>
  module_ &def(const char *name, Function &&function, const Extra &...extra);
  module_ def_submodule(const char *name, const char *doc = nullptr);
  template <class T> module_ &attr(const char *name);
  template <class T> module_ &operator=(T &&value);
  const char *doc;
};
using module = module_;
template <class Type, class... Options> class class_ : public object {
 public:
  template <class... Extra> class_(handle scope, const char *name, const Extra &...extra);
  template <class... Extra> class_ &def(Extra &&...extra);
  template <class... Extra> class_ &def_static(Extra &&...extra);
  template <class... Extra> class_ &def_readwrite(Extra &&...extra);
  template <class... Extra> class_ &def_readonly(Extra &&...extra);
  template <class... Extra> class_ &def_property(Extra &&...extra);
  template <class... Extra> class_ &def_property_readonly(Extra &&...extra);
};
template <class Type> class enum_ : public object {
 public:
  template <class... Extra> enum_(handle scope, const char *name, const Extra &...extra);
  enum_ &value(const char *name, Type value, const char *doc = nullptr);
  enum_ &export_values();
};
template <class T> T cast(const handle &value);
template <class T> object cast(T &&value);
}  // namespace pybind11
namespace py = pybind11;
/* The module's body becomes a function's, so that an error in it spoils that function
 * only, as an error in any other function does. */
#define PYBIND11_MODULE(name, variable, ...) \
  void __rocport_pybind11_module_##name(::pybind11::module_ &variable)
