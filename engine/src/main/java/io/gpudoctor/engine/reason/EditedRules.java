package io.gpudoctor.engine.reason;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.regex.Pattern;
import org.drools.base.definitions.InternalKnowledgePackage;
import org.drools.base.definitions.rule.impl.RuleImpl;
import org.drools.base.rule.TypeDeclaration;
import org.drools.kiesession.rulebase.InternalKnowledgeBase;
import org.drools.kiesession.rulebase.KnowledgeBaseFactory;
import org.drools.model.EntryPoint;
import org.drools.model.Global;
import org.drools.model.Model;
import org.drools.model.Query;
import org.drools.model.Rule;
import org.drools.model.TypeMetaData;
import org.drools.modelcompiler.KiePackagesBuilder;
import org.kie.api.KieBase;
import org.kie.api.KieBaseConfiguration;
import org.kie.api.definition.KiePackage;
import org.kie.api.io.ResourceType;
import org.kie.internal.builder.CompositeKnowledgeBuilder;
import org.kie.internal.builder.KnowledgeBuilder;
import org.kie.internal.builder.KnowledgeBuilderFactory;
import org.kie.internal.io.ResourceFactory;

/**
 * The first run after an edit that changed rules or function bodies only: every rule the edit left
 * as it was comes from the executable model compiled before the edit, and only the changed and
 * added rules are compiled, classic, against that model's classes (its declared types, and its
 * functions, which the model compiles to static methods of its class). A changed function is
 * compiled with every function and rule that calls it, directly or through another function, as
 * the model's rules call the model's functions. A classic build of the whole rule set spends most
 * of its time compiling every DRL function and consequence with ECJ; this compiles the edited ones.
 *
 * <p>The result must be the rule set a whole build gives, fired in the same order: rules without
 * salience fire by their load order (their place in the files), which is set here on every rule
 * as the whole build sets it. An edit of anything else (a declared type, an import, a function
 * added or removed, a file added or removed), a text this cannot cut into rules and functions
 * ({@link DrlLayout}) or an edited rule that does not compile alone gives empty: the caller
 * compiles the whole set, which also reports any error with its file and line.
 */
final class EditedRules {
  private static final String EDITED_PACKAGE_SUFFIX = ".edited";
  /** The name {@link org.drools.modelcompiler.KieBaseBuilder} gives a rule base built from a model. */
  private static final String KIE_BASE_NAME = "defaultkiebase";

  private EditedRules() {}

  /** The rule base, and how many of its rules were compiled for it (the edited ones). */
  record Built(KieBase kieBase, int compiled) {}

  /**
   * What the texts alone say an edit changed: the files' package and layouts after it, the file of
   * every rule before it (the model's rules give the order of the files) and after it, the functions
   * to compile (changed, or calling one that is), and the rules to compile (new, changed, or calling
   * such a function), with the texts of both by file.
   */
  private record Edit(String packageName, Map<String, DrlLayout> layouts, Map<String, String> fileBefore,
      Set<String> rulesAfter, Set<String> editedFunctions, Map<String, List<String>> editedByFile, Set<String> editedNames) {}

  /** The model's rules that the edit kept, built into packages, and the model they came from. */
  private record ModelPart(Model model, List<InternalKnowledgePackage> packages) {}

  /**
   * The model's rules load on a thread of their own while the edited ones compile on this one: the
   * two are independent until they are put in one rule base, and each took ~40% of an edit's run
   * on the rule thread alone (the model's classes read from the cache, which the class-data-sharing
   * archive cannot hold, and ECJ compiling the edited rules).
   */
  static Optional<Built> build(CachedRulesClassLoader loader, Callable<List<Model>> models, KieBaseConfiguration configuration,
      Map<String, String> before, Map<String, String> after) {
    Edit edit = edit(before, after).orElse(null);
    if (edit == null) return Optional.empty();
    String modelClass = loader.shortestClassNamed(edit.packageName() + ".Rules").orElse(null);
    if (modelClass == null) return Optional.empty();
    CompletableFuture<ModelPart> kept = keptInBackground(models, edit, configuration);

    KnowledgeBuilder edited = KnowledgeBuilderFactory.newKnowledgeBuilder(
        KnowledgeBuilderFactory.newKnowledgeBuilderConfiguration(null, loader));
    List<String> imported = edit.layouts().values().stream().flatMap(l -> l.functions().keySet().stream())
        .filter(f -> !edit.editedFunctions().contains(f)).toList();
    // One batch: a rule of one file may call an edited function of another.
    CompositeKnowledgeBuilder batch = edited.batch();
    for (Map.Entry<String, List<String>> file : edit.editedByFile().entrySet()) {
      String drl = drlOf(edit.layouts().get(file.getKey()), imported, modelClass, file.getValue());
      batch.add(ResourceFactory.newByteArrayResource(drl.getBytes(StandardCharsets.UTF_8)), ResourceType.DRL);
    }
    batch.build();
    ModelPart model = await(kept);
    if (edited.hasErrors() || model == null || !model.model().getClass().getName().equals(modelClass)) return Optional.empty();
    Map<String, Integer> loadOrder = loadOrder(model.model(), edit).orElse(null);
    if (loadOrder == null) return Optional.empty();

    // The edited rules' package, and empty ones for the packages of the types they import.
    List<InternalKnowledgePackage> classic = edited.getKnowledgePackages().stream().map(InternalKnowledgePackage.class::cast).toList();
    if (classic.stream().filter(p -> !p.getRules().isEmpty()).count() > 1) return Optional.empty();
    KieBase kieBase = onePackage(model.packages(), classic, configuration);
    int rules = 0;
    for (KiePackage pkg : kieBase.getKiePackages()) {
      for (org.kie.api.definition.rule.Rule rule : pkg.getRules()) {
        Integer order = loadOrder.get(rule.getName());
        if (order == null) return Optional.empty();
        ((RuleImpl) rule).setLoadOrder(order);
        rules++;
      }
    }
    return rules == loadOrder.size() ? Optional.of(new Built(kieBase, edit.editedNames().size())) : Optional.empty();
  }

  /**
   * These texts with a comment added, as an author's edit: in the body of the first function (of
   * the first file, by name, that has one), else under the name of the first rule. Empty when no
   * file has a function or a rule this can cut ({@link DrlLayout}).
   */
  static Optional<Map<String, String>> withAnEdit(Map<String, String> texts) {
    Optional<Map<String, String>> function = withTheFirst(texts, DrlLayout::functions, text -> text.indexOf('{') + 1);
    return function.isPresent() ? function : withTheFirst(texts, DrlLayout::rules, text -> text.indexOf('\n'));
  }

  private static Optional<Map<String, String>> withTheFirst(Map<String, String> texts,
      Function<DrlLayout, Map<String, String>> parts, ToIntFunction<String> where) {
    for (String file : new TreeSet<>(texts.keySet())) {
      DrlLayout layout = DrlLayout.of(texts.get(file)).orElse(null);
      if (layout == null || parts.apply(layout).isEmpty()) continue;
      String part = parts.apply(layout).values().iterator().next();
      int at = where.applyAsInt(part);
      if (at <= 0) continue;
      Map<String, String> after = new TreeMap<>(texts);
      after.put(file, texts.get(file).replace(part, part.substring(0, at) + "\n  // rehearsed edit" + part.substring(at)));
      return Optional.of(after);
    }
    return Optional.empty();
  }

  private static CompletableFuture<ModelPart> keptInBackground(Callable<List<Model>> models, Edit edit,
      KieBaseConfiguration configuration) {
    CompletableFuture<ModelPart> kept = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        kept.complete(kept(models.call(), edit, configuration));
      } catch (Throwable e) { // read on the rule thread, which answers with the whole build instead
        kept.completeExceptionally(e);
      }
    }, "gpu-doctor-model");
    thread.setDaemon(true);
    thread.start();
    return kept;
  }

  /** The model's rules that the edit left as they were, built; null for a model these texts do not edit. */
  private static ModelPart kept(List<Model> models, Edit edit, KieBaseConfiguration configuration) {
    if (models.size() != 1) return null; // the load order of several packages is not known here
    Model model = models.get(0);
    if (!model.getPackageName().equals(edit.packageName())) return null;
    KiePackagesBuilder builder = new KiePackagesBuilder(configuration);
    builder.addModel(keeping(model, edit.rulesAfter(), edit.editedNames()));
    return new ModelPart(model, List.copyOf(builder.build().getKiePackages()));
  }

  private static ModelPart await(CompletableFuture<ModelPart> kept) {
    try {
      return kept.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof Exception || e.getCause() instanceof LinkageError) return null;
      throw e;
    }
  }

  /** The edit from the texts the model was compiled from to these, if it changed rules and function bodies alone. */
  private static Optional<Edit> edit(Map<String, String> before, Map<String, String> after) {
    if (!before.keySet().equals(after.keySet())) return Optional.empty();
    String packageName = null;
    Map<String, DrlLayout> layouts = new HashMap<>();
    Map<String, String> rulesBefore = new HashMap<>();
    Map<String, String> fileBefore = new HashMap<>();
    Set<String> rulesAfter = new HashSet<>();
    Map<String, String> functionsBefore = new HashMap<>();
    Map<String, String> functionsAfter = new HashMap<>();
    for (String file : after.keySet()) {
      DrlLayout was = DrlLayout.of(before.get(file)).orElse(null);
      DrlLayout is = DrlLayout.of(after.get(file)).orElse(null);
      if (was == null || is == null || !was.rest().equals(is.rest())) return Optional.empty();
      if (packageName == null) packageName = is.packageName();
      if (!is.packageName().equals(packageName)) return Optional.empty();
      layouts.put(file, is);
      rulesBefore.putAll(was.rules());
      for (var f : was.functions().entrySet()) {
        if (functionsBefore.put(f.getKey(), f.getValue()) != null) return Optional.empty(); // one name, two files
      }
      for (var f : is.functions().entrySet()) {
        if (functionsAfter.put(f.getKey(), f.getValue()) != null) return Optional.empty();
      }
      for (String rule : is.rules().keySet()) {
        if (!rulesAfter.add(rule)) return Optional.empty(); // one name, two rules
      }
      was.rules().keySet().forEach(rule -> fileBefore.put(rule, file));
    }
    if (packageName == null) return Optional.empty();
    // A function added or removed changes what the model's rules may call: the whole build decides.
    if (!functionsBefore.keySet().equals(functionsAfter.keySet())) return Optional.empty();
    Set<String> editedFunctions = callersOf(changed(functionsBefore, functionsAfter), functionsAfter);
    // A query or a declaration calling an edited function would keep the model's.
    Predicate<String> callsEdited = callerOfAny(editedFunctions);
    if (layouts.values().stream().anyMatch(l -> callsEdited.test(l.rest()))) return Optional.empty();
    Map<String, List<String>> editedByFile = new LinkedHashMap<>();
    Set<String> editedNames = new HashSet<>();
    for (String file : new TreeSet<>(layouts.keySet())) {
      for (Map.Entry<String, String> function : layouts.get(file).functions().entrySet()) {
        if (editedFunctions.contains(function.getKey())) {
          editedByFile.computeIfAbsent(file, f -> new ArrayList<>()).add(function.getValue());
        }
      }
    }
    for (String file : new TreeSet<>(layouts.keySet())) {
      for (Map.Entry<String, String> rule : layouts.get(file).rules().entrySet()) {
        if (!rule.getValue().equals(rulesBefore.get(rule.getKey())) || callsEdited.test(rule.getValue())) {
          editedByFile.computeIfAbsent(file, f -> new ArrayList<>()).add(rule.getValue());
          editedNames.add(rule.getKey());
        }
      }
    }
    return Optional.of(new Edit(packageName, layouts, fileBefore, rulesAfter, editedFunctions, editedByFile, editedNames));
  }

  /**
   * Every rule's load order in a whole build of the edited texts: a whole build loads the files in
   * an order of its own (not by name), each file's rules in turn, and the model's rules are in that
   * order, so they give the order of the files. Empty when the model is not that of the texts.
   */
  private static Optional<Map<String, Integer>> loadOrder(Model model, Edit edit) {
    Set<String> fileOrder = new LinkedHashSet<>();
    for (Rule rule : model.getRules()) {
      String file = edit.fileBefore().get(rule.getName());
      if (file == null) return Optional.empty(); // not the model of these texts
      fileOrder.add(file);
    }
    for (Map.Entry<String, DrlLayout> file : edit.layouts().entrySet()) {
      if (!file.getValue().rules().isEmpty() && !fileOrder.contains(file.getKey())) return Optional.empty();
    }
    Map<String, Integer> loadOrder = new HashMap<>();
    for (String file : fileOrder) {
      for (String rule : edit.layouts().get(file).rules().keySet()) loadOrder.put(rule, loadOrder.size());
    }
    return Optional.of(loadOrder);
  }

  private static Set<String> changed(Map<String, String> before, Map<String, String> after) {
    Set<String> changed = new HashSet<>();
    after.forEach((name, text) -> {
      if (!text.equals(before.get(name))) changed.add(name);
    });
    return changed;
  }

  /** These functions and every function that calls one of them, directly or not. */
  private static Set<String> callersOf(Set<String> functions, Map<String, String> all) {
    Set<String> callers = new HashSet<>(functions);
    Set<String> reached = functions;
    while (!reached.isEmpty()) {
      Predicate<String> callsReached = callerOfAny(reached);
      Set<String> next = new HashSet<>();
      for (Map.Entry<String, String> f : all.entrySet()) {
        if (!callers.contains(f.getKey()) && callsReached.test(f.getValue())) next.add(f.getKey());
      }
      callers.addAll(next);
      reached = next;
    }
    return callers;
  }

  /**
   * Whether a text's code names one of the functions before a parenthesis, as a call does (not
   * after a dot: a method of the same name; not in a comment or a string). A name that is not a
   * call after all (a local method) costs a rule compiled more than needed, not a wrong report.
   * One pattern for every text asked about: compiled per text it cost ~20 ms of an edit's run.
   */
  private static Predicate<String> callerOfAny(Set<String> functions) {
    if (functions.isEmpty()) return text -> false;
    String names = String.join("|", functions.stream().sorted().map(Pattern::quote).toList());
    Pattern call = Pattern.compile("(?<![\\w.$])(?:" + names + ")\\s*\\(");
    return text -> call.matcher(DrlLayout.code(text)).find();
  }

  /**
   * The rule base of the model's rules and the edited ones, with all rules in one package. Drools
   * 10.1 builds the segments of the first package's rules at once, but attaches every later package
   * rule by rule, splitting the segments already built; an accumulate in a segment split that way
   * stops seeing facts inserted later (apache/incubator-kie#7109, fixed after 10.2.0). A rule base
   * of the model's package plus the edited rules' did just that: an incident lost a cause when the
   * two {@code KaitoResourceNotReady: past the machine window} rules were edited together. The
   * model's rules move to the edited rules' package, whose classes, MVEL imports and wiring their
   * build made for it (a model rule needs none of its package's); the model's package keeps its
   * types.
   */
  private static KieBase onePackage(List<InternalKnowledgePackage> modelPackages, List<InternalKnowledgePackage> classic,
      KieBaseConfiguration configuration) {
    classic.stream().filter(p -> !p.getRules().isEmpty()).findFirst().ifPresent(edited -> {
      for (InternalKnowledgePackage pkg : modelPackages) {
        for (org.kie.api.definition.rule.Rule rule : List.copyOf(pkg.getRules())) {
          edited.addRule((RuleImpl) rule);
          pkg.removeRule((RuleImpl) rule);
        }
      }
    });
    for (InternalKnowledgePackage pkg : classic) {
      // The model's declared types (and List, typesafe there, not in a classic build): Drools
      // refuses to merge two declarations of one type that differ.
      for (TypeDeclaration type : List.copyOf(pkg.getTypeDeclarations().values())) {
        if (modelPackages.stream().anyMatch(m -> m.getTypeDeclaration(type.getTypeClass()) != null)) {
          pkg.removeTypeDeclaration(type.getTypeName());
        }
      }
    }
    List<KiePackage> packages = new ArrayList<>(modelPackages);
    packages.addAll(classic);
    InternalKnowledgeBase kieBase = KnowledgeBaseFactory.newKnowledgeBase(KIE_BASE_NAME, configuration);
    kieBase.addPackages(packages);
    return kieBase;
  }

  /** The model without the rules the edit removed or changed. */
  private static Model keeping(Model model, Set<String> names, Set<String> edited) {
    List<Rule> rules = model.getRules().stream()
        .filter(r -> names.contains(r.getName()) && !edited.contains(r.getName())).toList();
    return new Model() {
      @Override public String getName() { return model.getName(); }
      @Override public String getPackageName() { return model.getPackageName(); }
      @Override public List<Global> getGlobals() { return model.getGlobals(); }
      @Override public List<Rule> getRules() { return rules; }
      @Override public List<Query> getQueries() { return model.getQueries(); }
      @Override public List<TypeMetaData> getTypeMetaDatas() { return model.getTypeMetaDatas(); }
      @Override public List<EntryPoint> getEntryPoints() { return model.getEntryPoints(); }
    };
  }

  /**
   * The edited functions and rules of one file as a DRL of their own: in a package beside the
   * file's (so that nothing of the model's package is declared twice), with the file's header
   * (imports, globals, package-wide attributes), the model's declared types and the model's
   * functions that are not edited (the edited ones are in this package, in their own file's DRL).
   */
  private static String drlOf(DrlLayout layout, List<String> functions, String functionClass, List<String> texts) {
    StringBuilder drl = new StringBuilder("package ").append(layout.packageName()).append(EDITED_PACKAGE_SUFFIX).append(";\n");
    layout.header().forEach(line -> drl.append(line).append('\n'));
    drl.append("import ").append(layout.packageName()).append(".*;\n");
    for (String function : functions) {
      drl.append("import function ").append(functionClass).append('.').append(function).append(";\n");
    }
    texts.forEach(t -> drl.append(t).append('\n'));
    return drl.toString();
  }
}
